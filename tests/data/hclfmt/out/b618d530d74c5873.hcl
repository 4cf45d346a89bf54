a = @ foo
