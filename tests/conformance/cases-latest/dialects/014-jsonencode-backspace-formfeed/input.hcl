a = jsonencode(["\u0008\u000c", { "k\u0008" = "\u0001<&>" }])
