resource enrichAsync "streamkap:index:EnrichAsyncTransform" {
  inputTopicPattern  = "source_.*\\.public\\.orders"
  outputTopicPattern = "orders_enrich_async"
  asyncTimeoutMs     = 1000
  asyncCapacity      = 50
}
