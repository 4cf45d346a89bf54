tags {
  owner = "${prefix}-team"
  count = 1 + 2
  upper = "%{if true}yes%{endif}"
}
