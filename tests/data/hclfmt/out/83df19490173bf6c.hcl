a = provider::test:: ("x")
