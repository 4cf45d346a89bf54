object {
  literal "defaults" {
    value = jsonencode({ retries = 3, tags = ["a", "b"] })
  }
  transform "settings" {
    result = jsondecode(nested)
    attr {
      name = "settings_json"
      type = string
    }
  }
}
