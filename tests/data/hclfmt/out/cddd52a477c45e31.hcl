a = "  ${~"x"~}  |"
b = <<EOT
%{for x in items~}
item ${x}
%{endfor~}
done
EOT
