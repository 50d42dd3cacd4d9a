# examples/orders written for the reference client (spark-pipelines from pyspark[pipelines]):
# the same three datasets and the same query logic as examples/orders/pipeline.json. SDP on OSS has
# no expectations, so the drop expectation is a filter and the fail/warn ones are not counted; its
# batch-fed Parquet export has no SDP form (SDP sinks take streaming flows only). The bench times
# this against Þund's run of the same pipeline on the same server and data.
import os

from pyspark import pipelines as dp
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.active()
DATA = os.environ["THUND_BENCH_ORDERS_CSV"]


@dp.temporary_view
def raw_orders():
    return spark.read.option("header", "true").option("inferSchema", "true").option("escape", '"').option("mode", "FAILFAST").csv(DATA)


@dp.materialized_view
def clean_orders():
    return (
        spark.read.table("raw_orders")
        .select(
            F.col("order_id").cast("bigint").alias("order_id"),
            F.col("customer").cast("string").alias("customer"),
            F.upper(F.trim(F.col("country"))).alias("country"),
            F.col("amount").cast("decimal(10,2)").alias("amount"),
            F.to_date(F.col("ordered_at")).alias("order_date"),
        )
        .where(F.coalesce(F.col("amount") > 0, F.lit(False)))
    )


@dp.materialized_view
def daily_revenue():
    return (
        spark.read.table("clean_orders")
        .groupBy("order_date", "country")
        .agg(F.sum("amount").alias("revenue"), F.count(F.lit(1)).alias("orders"))
        .orderBy("order_date", "country")
    )
