filename = "/etc/nginx/conf.d/${server_name}.conf"
content  = <<-CONF
  upstream app {
  %{for u in upstreams~}
      server ${u};
  %{endfor~}
  }

  server {
      listen ${enable_tls ? 443 : 80}%{if enable_tls} ssl%{endif};
      server_name ${server_name};
      # literal: $${not_a_variable}
      location / {
          proxy_pass http://app;
          set $upstream_host ${server_name};
      }
  }
  CONF
