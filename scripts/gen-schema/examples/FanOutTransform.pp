resource fanOut "streamkap:index:FanOutTransform" {
  inputTopicPattern  = "source_.*\\.public\\.orders"
  outputTopicPattern = "orders_fan_out"
}
