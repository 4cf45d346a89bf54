replicas = 3
ports = [
  { name = "http", port = 80 },
  { name = "https", port = 443, tls = true },
]
