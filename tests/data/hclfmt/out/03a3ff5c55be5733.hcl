a = "hello ${name "
