# Spec for a small web service configuration (see config.hcl).
object {
  attr "name" {
    type     = string
    required = true
  }
  default "replicas" {
    attr {
      name = "replicas"
      type = number
    }
    literal {
      value = 1
    }
  }
  attr "tags" {
    type = map(string)
  }
  block "http" {
    required = true
    object {
      attr "listen" {
        type     = string
        required = true
      }
      attr "allowed_origins" {
        type = list(string)
      }
      transform "timeout_ms" {
        result = nested == null ? null : nested * 1000
        attr {
          name = "timeout_s"
          type = number
        }
      }
    }
  }
  block_map "backend" {
    labels = ["name"]
    object {
      attr "url" {
        type     = string
        required = true
      }
      attr "weight" {
        type = number
      }
    }
  }
  block_list "feature" {
    object {
      attr "name" {
        type     = string
        required = true
      }
      attr "enabled" {
        type = bool
      }
    }
  }
}
