namespace Popcorn.Playground.Store;

/// <summary>Where an order is in its life.</summary>
public enum OrderStatus
{
    /// <summary>Placed, not yet shipped.</summary>
    Open,

    /// <summary>On its way.</summary>
    Shipped,

    /// <summary>Received by the customer.</summary>
    Delivered,
}
