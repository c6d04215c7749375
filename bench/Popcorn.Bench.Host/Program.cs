using Popcorn.Bench.Host;

// bench/http/run.sh starts this in Release with --urls http://127.0.0.1:PORT; see bench/README.md.
var app = BenchHostApp.Build(args);
app.Run();
