level = "WARN"

sink {
  kind        = "file"
  path        = "/srv/orders/orders.log"
  max_size_mb = 250
  compress    = true
}

sink {
  kind = "file"
}

sink {
  kind        = "stderr"
  max_size_mb = 0.5
  keep        = 0
}
