item {
  name = "web"
  port = 80
}
item {
  name = "api"
  port = 8080
}
