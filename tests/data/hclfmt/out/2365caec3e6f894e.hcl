# The ports of a Nomad group generated from a variable with a dynamic
# block (HCL's ext/dynblock,as Nomad and Terraform expand it):one "port"
# block per element of `ports`,labelled by its key. Decode it with
# dynamic blocks on:`cargo run -p hcldecode --example nomad_dynamic`.
job "api" {
  datacenters = ["eu-west-1a"]

  group "api" {
    count = 2

    network {
      mode = "bridge"

      dynamic "port" {
        for_each = ports
        iterator = p
        labels   = [p.key]
        content {
          to = p.value
        }
      }

      port "debug" {}
    }

    task "server" {
      driver = "docker"

      config {
        image = "api:${version}"
        ports = [for name, _ in ports : name]
      }
    }
  }
}
