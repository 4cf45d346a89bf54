name = "broken-pipeline"

stage { name = "lint" }
stage { name = "test" }

job "lint" {
  script = ["lint.sh"]
}

job "test" {
  stage   = "test"
  script  = ["run-tests.sh"]
  retries = "twice"
}

job "package" {
  stage  = "test"
  script = "package.sh"
}

job "deploy" {
  stage  = "deploy"
  script = ["deploy.sh"]
  retry  = 2
}
