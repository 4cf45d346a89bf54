object {
  attr "v" {
    type = object({ a = optional(string), a = number })
  }
}
