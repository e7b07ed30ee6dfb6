// The benchmark stack of Streamkap resources (see ../plan.ts): `resources` and `round` come from stack config.
import * as pulumi from "@pulumi/pulumi";
import * as streamkap from "pulumi-streamkap";

import { declareStack, planConfig } from "../plan";

declareStack<streamkap.TypedConnector>(planConfig(new pulumi.Config()), {
  tag: (name, args) => new streamkap.Tag(name, args),
  topic: (name, args) => new streamkap.Topic(name, args),
  postgresqlSource: (name, args) => new streamkap.PostgresqlSource(name, args),
  mysqlSource: (name, args) => new streamkap.MysqlSource(name, args),
  snowflakeDestination: (name, args) => new streamkap.SnowflakeDestination(name, args),
  clickhouseDestination: (name, args) => new streamkap.ClickHouseDestination(name, args),
  pipeline: (name, args) => new streamkap.Pipeline(name, args),
  transform: (name, args) => new streamkap.Transform(name, args),
});
