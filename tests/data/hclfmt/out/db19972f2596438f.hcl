# A Nomad-like job:one job,groups of tasks,services with checks.
job "web" {
  datacenters = ["eu-west-1a", "eu-west-1b"]
  type        = "service"
  priority    = 60

  update {
    max_parallel = 2
    stagger      = "30s"
  }

  group "frontend" {
    count = 3

    network {
      mode = "bridge"
      port "http" {
        to = 8080
      }
      port "metrics" {}
    }

    service {
      name = "frontend"
      port = "http"
      tags = ["web", "public"]

      check "alive" {
        type     = "http"
        path     = "/health"
        interval = "10s"
        timeout  = "2s"
      }
    }

    task "server" {
      driver = "docker"

      # Each driver's config has its own shape:decoded as written.
      config {
        image      = "nginx:1.25"
        ports      = ["http"]
        labels     = { team = "web" }
        privileged = false
        shm_size   = 64
      }

      env {
        REGION    = region
        LOG_LEVEL = "info"
      }

      resources {
        cpu    = 500
        memory = 256
      }
    }

    task "log-shipper" {
      driver = "raw_exec"

      config {
        command = "/usr/local/bin/ship"
        args    = ["--to", "logs.${region}.internal"]
      }

      resources {
        cpu = 100
      }
    }
  }

  group "worker" {
    task "jobs" {
      driver = "exec"
      config {
        command = "/usr/local/bin/worker"
        nice    = 10
      }
    }
  }
}
