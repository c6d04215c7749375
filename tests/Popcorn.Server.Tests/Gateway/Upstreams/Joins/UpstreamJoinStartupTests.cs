namespace Popcorn.Server.Tests.Gateway.Upstreams.Joins;

/// <summary>A join that does not fit the services' schemas stops the gateway at startup, saying what to change.</summary>
public sealed class UpstreamJoinStartupTests(JoinServicesServer server) : IClassFixture<JoinServicesServer>
{
    [Theory]
    [InlineData("Parcel.recipient", "recipients", "recipientId", "name", "the service 'recipients' cannot filter 'Recipient' by 'name': mark it [Filterable] there")]
    [InlineData("Parcle.recipient", "recipients", "recipientId", "id", "no upstream service has a type 'Parcle'")]
    [InlineData("Parcel.recipient", "recipientz", "recipientId", "id", "no upstream service has a root field 'recipientz'")]
    [InlineData("Parcel.recipient", "recipients", "label", "id", "the key 'label' (string) and the target key 'id' (int) must both be numbers or both strings")]
    [InlineData("Parcel.label", "recipients", "recipientId", "id", "'Parcel' already has a field 'label'; give the join another name")]
    [InlineData("Parcel.recipient", "recipients", "owner", "id", "'Parcel' has no scalar field 'owner' to hold the key")]
    public async Task Join_ThatDoesNotFitTheSchemas_StopsTheAppSayingWhy(string field, string from, string key, string targetKey, string expected)
    {
        await using var app = JoinServicesServer.BuildGateway(
            g => g.Join(field, from, key, targetKey),
            $"--Popcorn:Upstreams:parcels:BaseAddress={server.ParcelsAddress}",
            $"--Popcorn:Upstreams:recipients:BaseAddress={server.RecipientsAddress}");

        var e = await Should.ThrowAsync<InvalidOperationException>(() => app.StartAsync());

        e.Message.ShouldStartWith($"The gateway's join '{field}' cannot be made: ");
        e.Message.ShouldContain(expected);
    }

    [Fact]
    public void Join_NotNamedAsTypeDotField_IsRefusedWhereItIsDeclared()
    {
        var e = Should.Throw<ArgumentException>(() => JoinServicesServer.BuildGateway(g => g.Join("recipient", "recipients", "recipientId")));

        e.Message.ShouldContain("'recipient' does not name a field as Type.name (e.g. Order.customer).");
    }
}
