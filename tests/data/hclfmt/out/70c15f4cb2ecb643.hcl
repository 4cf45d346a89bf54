# A web service: one HTTP listener, weighted backends and feature flags.
name     = "inventory-api"
replicas = 3

tags = {
  team = "platform"
  tier = 2
}

http {
  listen          = "0.0.0.0:8443"
  allowed_origins = ["https://shop.example.test", "https://admin.example.test"]
  timeout_s       = 2.5
}

backend "primary" {
  url    = "http://10.0.0.10:9000"
  weight = 3
}

backend "canary" {
  url    = "http://10.0.0.11:9000"
  weight = 1
}

feature {
  name    = "bulk-import"
  enabled = true
}

feature {
  name    = "price-alerts"
  enabled = false
}
