object {
  attr "v" {
    type = list(object({ a = optional(any, "dflt") }))
  }
}
