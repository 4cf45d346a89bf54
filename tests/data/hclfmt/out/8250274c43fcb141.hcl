object {
  attr "service" {
    type = object({
      name = string
      port = optional(number, 8080)
      checks = optional(list(object({
        path     = string
        interval = optional(string, "10s")
      })), [])
    })
  }
}
