emoji           = yamlencode("😀")
multiline_emoji = yamlencode({ k = "line one\nline 😀 two" })
multiline_plain = yamlencode({ k = "line one\nline two" })
