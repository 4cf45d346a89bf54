a = 1
blk {
  x = 1
