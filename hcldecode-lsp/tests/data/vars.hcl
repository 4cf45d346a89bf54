region = "eu-west-1"
net = {
  cidr = "10.0.0.0/8"
}
