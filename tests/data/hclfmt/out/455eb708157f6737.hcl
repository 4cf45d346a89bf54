object {
  transform "a" {
    attr {
      name = "items"
      type = list(object({ s = string }))
    }
    result = nested[*].s[*]
  }
}
