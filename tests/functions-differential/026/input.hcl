a0 = format("no verbs", 1)
