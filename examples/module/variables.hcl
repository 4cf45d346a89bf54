# Inputs of the module: typed, with defaults, a validation rule and a
# sensitive one.

variable "region" {
  type        = string
  default     = "eu-west-1"
  description = "The region the services run in."
}

variable "replicas" {
  type        = number
  default     = 2
  description = "Instances of each service."

  validation {
    condition     = var.replicas >= 1 && var.replicas <= 10
    error_message = "Run between 1 and 10 replicas."
  }
}

variable "ports" {
  type = list(object({
    name = string
    port = number
    tls  = optional(bool, false)
  }))
  default = [{ name = "http", port = 8080 }]
}

variable "db_password" {
  type        = string
  sensitive   = true
  description = "Given from outside: no default."
}
