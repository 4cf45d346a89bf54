a0 = try(jsondecode("x"))
