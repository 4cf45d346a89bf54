object {
  attr "fw" {
    type = map(object({ description = optional(string, "unknown"), rules = map(object({ description = string, ports = list(string), addresses = optional(list(string), []) })) }))
  }
}
