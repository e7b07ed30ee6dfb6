resource rollup "streamkap:index:RollupTransform" {
  inputTopicPattern  = "source_.*\\.public\\.orders"
  outputTopicPattern = "orders_rollup"
}
