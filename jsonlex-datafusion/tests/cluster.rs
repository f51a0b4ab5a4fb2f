//! The jsonlex scan on a cluster: datafusion-distributed's planner cuts the plan into
//! stages, serializes them with datafusion-proto and the jsonlex codec, and sends them
//! over gRPC (Arrow Flight) to workers. Here the workers are served in this process:
//! over an in-memory duplex (datafusion-distributed's own in-memory cluster), and as
//! three gRPC servers on localhost ports reached by its default channel resolver, as a
//! real cluster's are. The rows equal the local session's; the plan
//! that ran has network stages, and the workers decoded the jsonlex scan with
//! `JsonlexPhysicalCodec` (counted), so the test cannot pass by running locally.
//!
//! `cargo test -p jsonlex-datafusion --features cluster --test cluster`

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use async_trait::async_trait;
use datafusion::arrow::array::RecordBatch;
use datafusion::arrow::compute::concat_batches;
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::common::tree_node::{TreeNode, TreeNodeRecursion};
use datafusion::common::DataFusionError;
use datafusion::execution::{SessionStateBuilder, TaskContext};
use datafusion::physical_plan::{collect, displayable, ExecutionPlan};
use datafusion::prelude::{SessionConfig, SessionContext};
use datafusion_distributed::{
    display_plan_ascii, grpc, ChannelResolver, DistributedExec, DistributedExt, NetworkBoundaryExt,
    SessionStateBuilderExt, Worker, WorkerChannel, WorkerQueryContext, WorkerResolver,
};
use datafusion_proto::physical_plan::{PhysicalExtensionCodec, PhysicalProtoConverterExtension};
use hyper_util::rt::TokioIo;
use jsonlex_datafusion::{register_jsonlex_format, JsonlexPhysicalCodec};
use tokio::net::TcpListener;
use tokio_stream::wrappers::TcpListenerStream;
use tonic::transport::{Endpoint, Server};
use url::Url;

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// `JsonlexPhysicalCodec`, counting the jsonlex scans it encodes and decodes.
#[derive(Debug, Clone, Default)]
struct Counted {
    encoded: Arc<AtomicUsize>,
    decoded: Arc<AtomicUsize>,
}

impl PhysicalExtensionCodec for Counted {
    fn try_decode(
        &self,
        buf: &[u8],
        inputs: &[Arc<dyn ExecutionPlan>],
        ctx: &TaskContext,
        proto_converter: &dyn PhysicalProtoConverterExtension,
    ) -> Result<Arc<dyn ExecutionPlan>, DataFusionError> {
        let plan = JsonlexPhysicalCodec.try_decode(buf, inputs, ctx, proto_converter)?;
        self.decoded.fetch_add(1, Ordering::SeqCst);
        Ok(plan)
    }

    fn try_encode(
        &self,
        node: Arc<dyn ExecutionPlan>,
        buf: &mut Vec<u8>,
        proto_converter: &dyn PhysicalProtoConverterExtension,
    ) -> Result<(), DataFusionError> {
        JsonlexPhysicalCodec.try_encode(node, buf, proto_converter)?;
        self.encoded.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }
}

/// Every worker URL leads to one gRPC server in this process.
#[derive(Clone)]
struct InMemoryChannels {
    channel: grpc::BoxCloneSyncChannel,
}

impl InMemoryChannels {
    /// Starts the worker service on one end of a duplex (the client end is the channel);
    /// its sessions know the jsonlex scan only through `codec`.
    fn start(codec: Counted) -> InMemoryChannels {
        let (client, server) = tokio::io::duplex(1 << 20);
        let mut client = Some(client);
        let channel = Endpoint::try_from("http://in-memory:50051").unwrap().connect_with_connector_lazy(
            tower::service_fn(move |_| {
                let client = client.take().expect("one connection");
                async move { Ok::<_, std::io::Error>(TokioIo::new(client)) }
            }),
        );
        let channels = InMemoryChannels { channel: grpc::BoxCloneSyncChannel::new(channel) };
        let for_workers = channels.clone();
        let worker = Worker::from_session_builder(move |ctx: WorkerQueryContext| {
            let (channels, codec) = (for_workers.clone(), codec.clone());
            async move {
                Ok(ctx.builder.with_distributed_user_codec(codec).with_distributed_channel_resolver(channels).build())
            }
        });
        tokio::spawn(async move {
            Server::builder()
                .add_service(worker.into_worker_server())
                .serve_with_incoming(tokio_stream::once(Ok::<_, std::io::Error>(server)))
                .await
        });
        channels
    }
}

#[async_trait]
impl ChannelResolver for InMemoryChannels {
    async fn get_worker_client_for_url(&self, _: &Url) -> Result<Box<dyn WorkerChannel>, DataFusionError> {
        Ok(grpc::create_worker_client(self.channel.clone()))
    }
}

struct Workers(usize);

impl WorkerResolver for Workers {
    fn get_urls(&self) -> Result<Vec<Url>, DataFusionError> {
        (0..self.0)
            .map(|i| Url::parse(&format!("http://worker-{i}")).map_err(|e| DataFusionError::External(Box::new(e))))
            .collect()
    }
}

/// A fixed list of worker URLs, as a real cluster's resolver returns.
struct Urls(Vec<Url>);

impl WorkerResolver for Urls {
    fn get_urls(&self) -> Result<Vec<Url>, DataFusionError> {
        Ok(self.0.clone())
    }
}

/// Starts a worker on a free localhost port, as README's worker binary does on its own
/// machine; its sessions know the jsonlex scan only through `codec`.
async fn tcp_worker(codec: Counted) -> Url {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = Url::parse(&format!("http://{}", listener.local_addr().unwrap())).unwrap();
    let worker = Worker::from_session_builder(move |ctx: WorkerQueryContext| {
        let codec = codec.clone();
        async move { Ok(ctx.builder.with_distributed_user_codec(codec).build()) }
    });
    tokio::spawn(
        Server::builder()
            .add_service(worker.into_worker_server())
            .serve_with_incoming(TcpListenerStream::new(listener)),
    );
    url
}

async fn create_events(ctx: &SessionContext) {
    let create = format!("CREATE EXTERNAL TABLE events STORED AS JSONLEX LOCATION '{}'", data("events.ndjson"));
    register_jsonlex_format(ctx).unwrap();
    ctx.sql(&create).await.unwrap();
}

/// Plans and runs `sql`, returning the plan that ran (for a cluster: the prepared
/// `DistributedExec`) and its rows in one batch.
async fn run(ctx: &SessionContext, sql: &str) -> (Arc<dyn ExecutionPlan>, RecordBatch) {
    let df = ctx.sql(sql).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
    let plan = df.create_physical_plan().await.unwrap_or_else(|e| panic!("{sql}: {e}"));
    let batches = collect(plan.clone(), ctx.task_ctx()).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
    let schema = plan.schema();
    (plan, concat_batches(&schema, &batches).unwrap())
}

/// The names of the network boundaries (stage edges) in `plan`.
fn network_boundaries(plan: &Arc<dyn ExecutionPlan>) -> Vec<String> {
    let mut found = Vec::new();
    plan.apply(|node| {
        if node.as_network_boundary().is_some() {
            found.push(node.name().to_string());
        }
        Ok(TreeNodeRecursion::Continue)
    })
    .unwrap();
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cluster_gets_the_local_rows() {
    let workers = 3;
    let (coordinator_codec, worker_codec) = (Counted::default(), Counted::default());
    let state = SessionStateBuilder::new()
        .with_default_features()
        .with_config(SessionConfig::new().with_target_partitions(workers).with_repartition_file_min_size(1))
        .with_distributed_planner()
        .with_distributed_worker_resolver(Workers(workers))
        .with_distributed_channel_resolver(InMemoryChannels::start(worker_codec.clone()))
        .with_distributed_user_codec(coordinator_codec.clone())
        // Many small tasks: the one file is cut into byte ranges across the workers.
        .with_distributed_file_scan_config_bytes_per_partition(1)
        .unwrap()
        .build();
    let cluster = SessionContext::from(state);
    let local = SessionContext::new_with_config(SessionConfig::new().with_target_partitions(workers));
    for ctx in [&cluster, &local] {
        create_events(ctx).await;
    }
    let queries = [
        "SELECT count(*) FROM events",
        // GROUP BY on a nested field: partial aggregates on the workers, a shuffle, the final ones.
        "SELECT get_field(events.\"user\", 'country') AS c, count(*) AS n, max(latency_ms) AS m FROM events GROUP BY get_field(events.\"user\", 'country') ORDER BY c",
        // A string filter (the scan's prefilter travels with it).
        "SELECT id, msg FROM events WHERE level = 'ERROR' ORDER BY id",
        // A projection, nested field included: the scan decodes only these columns.
        "SELECT id, service, get_field(events.http, 'status') AS status FROM events ORDER BY id",
    ];
    for sql in queries {
        let (encoded, decoded) =
            (coordinator_codec.encoded.load(Ordering::SeqCst), worker_codec.decoded.load(Ordering::SeqCst));
        let (plan, got) = run(&cluster, sql).await;
        let (_, want) = run(&local, sql).await;
        assert_eq!(
            got,
            want,
            "{sql}\ncluster:\n{}\nlocal:\n{}",
            pretty_format_batches(std::slice::from_ref(&got)).unwrap(),
            pretty_format_batches(std::slice::from_ref(&want)).unwrap()
        );
        assert!(got.num_rows() > 0, "{sql}: no rows");

        // It ran distributed: the head is a DistributedExec with network stages under it,
        // and the stages' plans went to the workers through the jsonlex codec.
        let shown =
            format!("{}\n{}", displayable(plan.as_ref()).indent(true), display_plan_ascii(plan.as_ref(), false));
        assert!(plan.downcast_ref::<DistributedExec>().is_some(), "{sql}: not distributed:\n{shown}");
        let boundaries = network_boundaries(&plan);
        assert!(!boundaries.is_empty(), "{sql}: no network boundary:\n{shown}");
        assert!(shown.contains("file_type=jsonlex"), "{sql}: no jsonlex scan:\n{shown}");
        let encoded = coordinator_codec.encoded.load(Ordering::SeqCst) - encoded;
        let decoded = worker_codec.decoded.load(Ordering::SeqCst) - decoded;
        assert!(encoded > 0, "{sql}: the coordinator encoded no jsonlex scan:\n{shown}");
        assert!(decoded > 0, "{sql}: no worker decoded a jsonlex scan:\n{shown}");
        eprintln!("{sql}\n  boundaries {boundaries:?}, scans encoded {encoded}, decoded on workers {decoded}\n{shown}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn workers_on_tcp_ports_share_the_scan() {
    let codecs = [Counted::default(), Counted::default(), Counted::default()];
    let mut urls = Vec::new();
    for codec in &codecs {
        urls.push(tcp_worker(codec.clone()).await);
    }
    let state = SessionStateBuilder::new()
        .with_default_features()
        .with_config(SessionConfig::new().with_target_partitions(3).with_repartition_file_min_size(1))
        .with_distributed_planner()
        .with_distributed_worker_resolver(Urls(urls.clone()))
        .with_distributed_user_codec(JsonlexPhysicalCodec)
        .with_distributed_file_scan_config_bytes_per_partition(1)
        .unwrap()
        .build();
    let cluster = SessionContext::from(state);
    let local = SessionContext::new_with_config(SessionConfig::new().with_target_partitions(3));
    for ctx in [&cluster, &local] {
        create_events(ctx).await;
    }
    let sql = "SELECT level, count(*) AS n, sum(id) AS ids, max(latency_ms) AS m FROM events WHERE msg LIKE '%query%' GROUP BY level ORDER BY level";
    let (plan, got) = run(&cluster, sql).await;
    let (_, want) = run(&local, sql).await;
    assert_eq!(got, want, "{sql}\ncluster:\n{}", pretty_format_batches(std::slice::from_ref(&got)).unwrap());
    assert!(got.num_rows() > 1, "{sql}: {} rows", got.num_rows());
    let shown = display_plan_ascii(plan.as_ref(), false);
    assert!(!network_boundaries(&plan).is_empty(), "{sql}: no network boundary:\n{shown}");
    // The scan's byte ranges went to more than one worker, each decoding its own.
    let decoded: Vec<usize> = codecs.iter().map(|c| c.decoded.load(Ordering::SeqCst)).collect();
    assert!(
        decoded.iter().filter(|&&n| n > 0).count() >= 2,
        "{sql}: scans decoded per worker {decoded:?} ({urls:?}):\n{shown}"
    );
    eprintln!("{sql}\n  scans decoded per worker {decoded:?}\n{shown}");
}
