dynamic "rule" {
  for_each = convert({ ssh = "22", http = "80" }, map(number))
  content {
    name = upper(rule.key)
    port = rule.value + 1000
  }
}
