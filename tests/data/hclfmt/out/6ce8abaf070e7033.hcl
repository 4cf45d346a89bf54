object {
  attr "v" {
    type = object({ a = string, a = number })
  }
}
