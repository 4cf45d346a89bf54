# The `group` blocks of a job, as an hcldec spec. The `Group` struct of  
# hcldecode/examples/nomad.rs checks itself against the nested spec at  
# compile time ( `#[ hcl( check_spec= ...)]`).  
block_list {
  block_type = "group"
  object {
    block_label "name" {
      index = 0
    }
    attr "count" {
      type = number
    }
    block "network" {
      object {
        attr "mode" {
          type = string
        }
      }
    }
    block_list "service" {
      object {
        attr "name" {
          type     = string
          required = true
        }
      }
    }
    block_list "task" {
      min_items = 1
      object {
        block_label "name" {
          index = 0
        }
        attr "driver" {
          type     = string
          required = true
        }
      }
    }
  }
}
