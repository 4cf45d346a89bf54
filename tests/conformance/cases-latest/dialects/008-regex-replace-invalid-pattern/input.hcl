a = regex_replace("aa", "a+*", "b")
