# The module's own values, in any order: each refers to others and to
# the variables.

locals {
  listeners = [for p in var.ports : "${local.prefix}:${p.port}"]
  prefix    = "${local.env}-${var.region}"
}

locals {
  env = "prod"
}

service "api" {
  replicas  = var.replicas
  listeners = local.listeners
  database  = "postgres://app:${var.db_password}@db.${var.region}.internal/app"
}

service "worker" {
  replicas  = var.replicas * 2
  listeners = []
  database  = "postgres://app:${var.db_password}@db.${var.region}.internal/app"
}
