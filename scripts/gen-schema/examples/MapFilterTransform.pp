resource mapFilter "streamkap:index:MapFilterTransform" {
  inputTopicPattern  = "source_.*\\.public\\.orders"
  outputTopicPattern = "orders_map_filter"
}
