using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Routing;
using Microsoft.Extensions.DependencyInjection;

namespace Popcorn.Server;

/// <summary>
/// The <c>Location</c> an MVC result would have sent: Popcorn writes the body itself, so it must carry the header over.
/// <c>CreatedAtAction</c> and <c>CreatedAtRoute</c> build their URL as MVC does when it formats them.
/// </summary>
internal static class CreatedLocation
{
    public static string? Of(ObjectResult result, ActionContext context)
    {
        switch (result)
        {
            case CreatedResult created:
                return created.Location;
            case AcceptedResult accepted:
                return accepted.Location;
            case CreatedAtActionResult atAction:
            {
                var request = context.HttpContext.Request;
                return (atAction.UrlHelper ?? UrlHelper(context)).Action(atAction.ActionName, atAction.ControllerName, atAction.RouteValues, request.Scheme, request.Host.ToUriComponent());
            }

            case CreatedAtRouteResult atRoute:
                return (atRoute.UrlHelper ?? UrlHelper(context)).Link(atRoute.RouteName, atRoute.RouteValues);
            default:
                return null;
        }
    }

    private static IUrlHelper UrlHelper(ActionContext context) =>
        context.HttpContext.RequestServices.GetRequiredService<IUrlHelperFactory>().GetUrlHelper(context);
}
