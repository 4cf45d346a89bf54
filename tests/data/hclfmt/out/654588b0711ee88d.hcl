name = "storefront"

defaults {
  image           = "builder:1.21"
  timeout_minutes = 30
  env = {
    CI      = "true"
    GOFLAGS = "-mod=readonly"
  }
}

stage { name = "lint" }
stage { name = "test" }
stage { name = "deploy" }

job "vet" {
  stage  = "lint"
  script = ["go vet ./..."]
}

job "unit" {
  stage = "test"
  needs = ["vet"]
  script = [
    "go test -race ./...",
    "go tool cover -func=cover.out",
  ]
  cache {
    key   = "gomod-${upper("v1")}"
    paths = ["/go/pkg/mod"]
  }
  matrix = [
    for v in ["1.20", "1.21"] : { GO_VERSION = v, ARCH = "amd64" }
  ]
}

job "ship" {
  stage         = "deploy"
  image         = "deployer:3"
  needs         = ["unit"]
  allow_failure = true
  script = [<<-EOT
    ./deploy.sh \
      --env staging
    EOT
  ]
}
