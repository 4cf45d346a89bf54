a = { x = foo.}
