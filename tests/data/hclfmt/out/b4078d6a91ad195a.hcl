a = jsondecode(jsonencode({ n = 1, l = ["a", "b"], o = { t = true } }))
b = yamldecode(yamlencode({ n = 1, l = ["a", "b"], o = { t = true } }))
c = jsondecode(jsonencode(["x", 2, null]))
