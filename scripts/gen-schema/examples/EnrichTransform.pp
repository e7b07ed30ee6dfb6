resource enrich "streamkap:index:EnrichTransform" {
  inputTopicPattern  = "source_.*\\.public\\.orders"
  outputTopicPattern = "orders_enrich"
}
