object {
  attr "v" {
    type = list(object({ n = optional(number, 1), o = object({ c = string, c = string }) }))
  }
}
