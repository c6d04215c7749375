namespace Popcorn.StoreServices.Tests;

/// <summary>The test's own process handling: a failed start or restart reports the app's failure, not a disposal's.</summary>
public sealed class ServiceProcessTests(StoreServicesFixture services) : IClassFixture<StoreServicesFixture>
{
    [Fact]
    public async Task Start_OnAPortInUse_FailsWithTheAppsOwnOutput()
    {
        var e = await Should.ThrowAsync<InvalidOperationException>(() => ServiceProcess.StartAsync("Customers", services.Gateway.Address.Port));

        e.Message.ShouldContain("Customers stopped before it listened");
        e.Message.ShouldContain("address already in use", Case.Insensitive);
    }

    [Fact]
    public async Task Dispose_Twice_AsAFixtureDoesAfterAFailedRestart_DoesNotThrow()
    {
        string database = Path.Combine(Path.GetTempPath(), $"popcorn-dispose-{Guid.NewGuid():N}.db");
        var service = await ServiceProcess.StartAsync("Orders", 0, $"--ConnectionStrings:Orders=Data Source={database}");
        try
        {
            await service.DisposeAsync();

            await Should.NotThrowAsync(async () => await service.DisposeAsync());
            await Should.ThrowAsync<ObjectDisposedException>(() => service.KillAsync());
        }
        finally
        {
            File.Delete(database);
        }
    }
}
