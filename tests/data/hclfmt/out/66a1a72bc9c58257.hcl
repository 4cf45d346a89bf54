object {
  attr "v" {
    type = map(object({ a = optional(any, true) }))
  }
}
