blk
x = 1
}
