resource cleanOrders "streamkap:index:Transform" {
  type               = "map_filter"
  inputTopicPattern  = "source_.*\\.public\\.orders"
  outputTopicPattern = "clean_orders"
  implementation = {
    language       = "JAVASCRIPT"
    valueTransform = "function _streamkap_transform(valueObject, keyObject, topic, timestamp) {\n  return valueObject.total > 0 ? valueObject : null;\n}\n"
  }
}
