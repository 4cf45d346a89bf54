a = <<EOT
%{for u in users~}
${u}%{if u == admin} (admin)%{endif}
%{endfor~}
EOT
