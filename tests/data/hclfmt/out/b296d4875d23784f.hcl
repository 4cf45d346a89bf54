task "api" {
  driver = "docker"

  template {
    destination = "local/upstreams.conf"
    change_mode = lookup(var.modes, "upstreams", "restart")
    data        = <<EOT
%{for name, addr in var.upstreams~}
upstream ${name} {
  server ${addr};
}
%{endfor~}
%{if var.debug~}
log_level debug;
%{else~}
log_level warn;
%{endif~}
EOT
  }

  template {
    destination = "secrets/db.env"
    change_mode = lookup(var.modes, "secrets", "restart")
    data        = <<EOT
DB_HOST={{ with service "db" }}{{ (index . 0).Address }}{{ end }}
DB_USER=$${DB_USER}
DB_POOL=${yamldecode(var.settings).pool}
EOT
  }

  template {
    destination = "local/settings.yaml"
    change_mode = "noop"
    data        = "settings:\n  ${indent(2, trimspace(var.settings))}\n"
  }

  env = {
    DEBUG   = tostring(var.debug)
    TIMEOUT = tostring(yamldecode(var.settings).timeout)
  }
}
